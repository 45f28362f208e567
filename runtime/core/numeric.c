/* Numeric keyword checks shared by generated code. */
#include "schemac/check.h"

bool sc_is_multiple_of(double value, double divisor)
{
    /* ajv computes q = value / divisor and accepts when q === parseInt(q).
     * parseInt goes through the number's string form, so a quotient of
     * 1e21 or more ("1e+21") is never an integer to it; below 2^53 every
     * integral double converts exactly through int64_t; in between every
     * double is integral. */
    double q = value / divisor;
    double magnitude = q < 0 ? -q : q;
    if (!(magnitude < 1e21))
        return false;
    if (magnitude >= 9007199254740992.0)
        return true;
    return q == (double)(long long)q;
}
