/* drawlist.c - placeholder until the draw list lands. */
int skl__render_placeholder(void);
int skl__render_placeholder(void) { return 0; }
