/* runtime.c - placeholder until the scenario runtime lands. */
int skl__lua_placeholder(void);
int skl__lua_placeholder(void) { return 0; }
