/* schemac: --print-dialect anthropic */
/* A tagged union as the whole arguments: one object for the providers that
 * take no oneOf at the top (OpenAI, Anthropic, Gemini; MCP keeps oneOf). */
typedef enum { SHAPE_CIRCLE, SHAPE_RECT } shape_kind;
typedef struct {
    /** Radius. @exclusiveMinimum 0 */
    double radius;
} circle_params;
typedef struct {
    /** Width. @minimum 0 */
    double width;
    /** Height. @minimum 0 */
    double height;
} rect_params;

/**
 * Draw a shape.
 * @tool draw_shape
 */
typedef struct {
    /** Stroke colour. @pattern ^#[0-9a-f]{6}$ */
    char *color;
    /** Which shape. */
    shape_kind kind;
    union {
        /** A circle. */
        circle_params circle;
        /** A rectangle. */
        rect_params rect;
    } as;
} draw_input;
