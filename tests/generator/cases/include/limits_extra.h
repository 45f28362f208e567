typedef unsigned short extra_t;
