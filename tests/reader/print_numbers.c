/* Prints doubles with sc_print_json, for print_shortest.py to judge
 * against Python's repr (the shortest text that reads back exactly).
 * Reads one double per line as 16 hex digits (its bits) from stdin and
 * writes "BITS TEXT" per line, TEXT being what sc_print_json wrote. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "schemac/schemac.h"

int main(void)
{
    char line[64];
    while (fgets(line, sizeof line, stdin) != NULL) {
        uint64_t bits;
        double v;
        if (sscanf(line, "%" SCNx64, &bits) != 1)
            continue;
        memcpy(&v, &bits, sizeof v);
        cJSON *number = cJSON_CreateNumber(v);
        char *text = NULL;
        int rc = number != NULL ? sc_print_json(number, &text) : -1;
        printf("%016" PRIx64 " %s\n", bits, rc == 0 ? text : "ERROR");
        sc_free_string(text);
        cJSON_Delete(number);
    }
    return 0;
}
