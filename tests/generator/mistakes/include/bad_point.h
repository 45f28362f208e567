/* A struct with a mistake, in a header of its own (other_file_struct.h). */
#include <stdint.h>

typedef struct {
    int32_t x;
    int32_t y;
    void *user_data;
} bad_point;
