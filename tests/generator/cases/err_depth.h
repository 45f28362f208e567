/* Documents too deep for the decode depth limit: every document of
 * deep69 nests 70 levels, over the default limit of 64 (a warning: the
 * limit can be raised); shallow69 has an optional link, so {} is one of
 * its documents (nothing to report); a struct that must contain itself
 * through @minItems 1 has no finite document at all (an error). */
#include <stddef.h>

typedef struct {
    int value;
} deep0;

typedef struct {
    deep0 inner;
} deep1;

typedef struct {
    deep1 inner;
} deep2;

typedef struct {
    deep2 inner;
} deep3;

typedef struct {
    deep3 inner;
} deep4;

typedef struct {
    deep4 inner;
} deep5;

typedef struct {
    deep5 inner;
} deep6;

typedef struct {
    deep6 inner;
} deep7;

typedef struct {
    deep7 inner;
} deep8;

typedef struct {
    deep8 inner;
} deep9;

typedef struct {
    deep9 inner;
} deep10;

typedef struct {
    deep10 inner;
} deep11;

typedef struct {
    deep11 inner;
} deep12;

typedef struct {
    deep12 inner;
} deep13;

typedef struct {
    deep13 inner;
} deep14;

typedef struct {
    deep14 inner;
} deep15;

typedef struct {
    deep15 inner;
} deep16;

typedef struct {
    deep16 inner;
} deep17;

typedef struct {
    deep17 inner;
} deep18;

typedef struct {
    deep18 inner;
} deep19;

typedef struct {
    deep19 inner;
} deep20;

typedef struct {
    deep20 inner;
} deep21;

typedef struct {
    deep21 inner;
} deep22;

typedef struct {
    deep22 inner;
} deep23;

typedef struct {
    deep23 inner;
} deep24;

typedef struct {
    deep24 inner;
} deep25;

typedef struct {
    deep25 inner;
} deep26;

typedef struct {
    deep26 inner;
} deep27;

typedef struct {
    deep27 inner;
} deep28;

typedef struct {
    deep28 inner;
} deep29;

typedef struct {
    deep29 inner;
} deep30;

typedef struct {
    deep30 inner;
} deep31;

typedef struct {
    deep31 inner;
} deep32;

typedef struct {
    deep32 inner;
} deep33;

typedef struct {
    deep33 inner;
} deep34;

typedef struct {
    deep34 inner;
} deep35;

typedef struct {
    deep35 inner;
} deep36;

typedef struct {
    deep36 inner;
} deep37;

typedef struct {
    deep37 inner;
} deep38;

typedef struct {
    deep38 inner;
} deep39;

typedef struct {
    deep39 inner;
} deep40;

typedef struct {
    deep40 inner;
} deep41;

typedef struct {
    deep41 inner;
} deep42;

typedef struct {
    deep42 inner;
} deep43;

typedef struct {
    deep43 inner;
} deep44;

typedef struct {
    deep44 inner;
} deep45;

typedef struct {
    deep45 inner;
} deep46;

typedef struct {
    deep46 inner;
} deep47;

typedef struct {
    deep47 inner;
} deep48;

typedef struct {
    deep48 inner;
} deep49;

typedef struct {
    deep49 inner;
} deep50;

typedef struct {
    deep50 inner;
} deep51;

typedef struct {
    deep51 inner;
} deep52;

typedef struct {
    deep52 inner;
} deep53;

typedef struct {
    deep53 inner;
} deep54;

typedef struct {
    deep54 inner;
} deep55;

typedef struct {
    deep55 inner;
} deep56;

typedef struct {
    deep56 inner;
} deep57;

typedef struct {
    deep57 inner;
} deep58;

typedef struct {
    deep58 inner;
} deep59;

typedef struct {
    deep59 inner;
} deep60;

typedef struct {
    deep60 inner;
} deep61;

typedef struct {
    deep61 inner;
} deep62;

typedef struct {
    deep62 inner;
} deep63;

typedef struct {
    deep63 inner;
} deep64;

typedef struct {
    deep64 inner;
} deep65;

typedef struct {
    deep65 inner;
} deep66;

typedef struct {
    deep66 inner;
} deep67;

typedef struct {
    deep67 inner;
} deep68;

/** @schema */
typedef struct {
    deep68 inner;
} deep69;

typedef struct {
    int value;
} shallow0;

typedef struct {
    shallow0 inner;
} shallow1;

typedef struct {
    shallow1 inner;
} shallow2;

typedef struct {
    shallow2 inner;
} shallow3;

typedef struct {
    shallow3 inner;
} shallow4;

typedef struct {
    shallow4 inner;
} shallow5;

typedef struct {
    shallow5 inner;
} shallow6;

typedef struct {
    shallow6 inner;
} shallow7;

typedef struct {
    shallow7 inner;
} shallow8;

typedef struct {
    shallow8 inner;
} shallow9;

typedef struct {
    shallow9 inner;
} shallow10;

typedef struct {
    shallow10 inner;
} shallow11;

typedef struct {
    shallow11 inner;
} shallow12;

typedef struct {
    shallow12 inner;
} shallow13;

typedef struct {
    shallow13 inner;
} shallow14;

typedef struct {
    shallow14 inner;
} shallow15;

typedef struct {
    shallow15 inner;
} shallow16;

typedef struct {
    shallow16 inner;
} shallow17;

typedef struct {
    shallow17 inner;
} shallow18;

typedef struct {
    shallow18 inner;
} shallow19;

typedef struct {
    shallow19 inner;
} shallow20;

typedef struct {
    shallow20 inner;
} shallow21;

typedef struct {
    shallow21 inner;
} shallow22;

typedef struct {
    shallow22 inner;
} shallow23;

typedef struct {
    shallow23 inner;
} shallow24;

typedef struct {
    shallow24 inner;
} shallow25;

typedef struct {
    shallow25 inner;
} shallow26;

typedef struct {
    shallow26 inner;
} shallow27;

typedef struct {
    shallow27 inner;
} shallow28;

typedef struct {
    shallow28 inner;
} shallow29;

typedef struct {
    shallow29 *inner;
} shallow30;

typedef struct {
    shallow30 inner;
} shallow31;

typedef struct {
    shallow31 inner;
} shallow32;

typedef struct {
    shallow32 inner;
} shallow33;

typedef struct {
    shallow33 inner;
} shallow34;

typedef struct {
    shallow34 inner;
} shallow35;

typedef struct {
    shallow35 inner;
} shallow36;

typedef struct {
    shallow36 inner;
} shallow37;

typedef struct {
    shallow37 inner;
} shallow38;

typedef struct {
    shallow38 inner;
} shallow39;

typedef struct {
    shallow39 inner;
} shallow40;

typedef struct {
    shallow40 inner;
} shallow41;

typedef struct {
    shallow41 inner;
} shallow42;

typedef struct {
    shallow42 inner;
} shallow43;

typedef struct {
    shallow43 inner;
} shallow44;

typedef struct {
    shallow44 inner;
} shallow45;

typedef struct {
    shallow45 inner;
} shallow46;

typedef struct {
    shallow46 inner;
} shallow47;

typedef struct {
    shallow47 inner;
} shallow48;

typedef struct {
    shallow48 inner;
} shallow49;

typedef struct {
    shallow49 inner;
} shallow50;

typedef struct {
    shallow50 inner;
} shallow51;

typedef struct {
    shallow51 inner;
} shallow52;

typedef struct {
    shallow52 inner;
} shallow53;

typedef struct {
    shallow53 inner;
} shallow54;

typedef struct {
    shallow54 inner;
} shallow55;

typedef struct {
    shallow55 inner;
} shallow56;

typedef struct {
    shallow56 inner;
} shallow57;

typedef struct {
    shallow57 inner;
} shallow58;

typedef struct {
    shallow58 inner;
} shallow59;

typedef struct {
    shallow59 inner;
} shallow60;

typedef struct {
    shallow60 inner;
} shallow61;

typedef struct {
    shallow61 inner;
} shallow62;

typedef struct {
    shallow62 inner;
} shallow63;

typedef struct {
    shallow63 inner;
} shallow64;

typedef struct {
    shallow64 inner;
} shallow65;

typedef struct {
    shallow65 inner;
} shallow66;

typedef struct {
    shallow66 inner;
} shallow67;

typedef struct {
    shallow67 inner;
} shallow68;

/** @schema */
typedef struct {
    shallow68 inner;
} shallow69;

/** @schema */
typedef struct endless {
    /** @minItems 1 */
    struct endless *kids;
    size_t kids_count;
} endless;
