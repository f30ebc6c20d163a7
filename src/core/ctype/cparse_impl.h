/*
 * cparse_impl.h - the inside of the C reader, shared by its lexer
 * (cparse_lex.c: tokens, comments and the preprocessor subset) and its
 * parser (cparse.c: declarations into the type database). Not installed.
 */
#ifndef SKLAB_CPARSE_IMPL_H
#define SKLAB_CPARSE_IMPL_H

#include "sklab/cparse.h"

#include "types_impl.h"

typedef enum skl__tk {
	SKL__TK_EOF,
	SKL__TK_ID,    /* identifier or keyword */
	SKL__TK_NUM,   /* integer constant; num holds its value */
	SKL__TK_FLOAT, /* floating constant (only ever an error) */
	SKL__TK_STR,   /* "string" */
	SKL__TK_CHAR,  /* 'c'; num holds its value */
	SKL__TK_PUNCT, /* operators and punctuation, up to three characters */
	SKL__TK_PP     /* #if/#ifdef/#ifndef/#elif/#else/#endif inside braces */
} skl__tk;

/* Directives a SKL__TK_PP token carries. */
typedef enum skl__pp {
	SKL__PP_IF,   /* cond holds the normalised condition */
	SKL__PP_ELIF, /* cond holds it too */
	SKL__PP_ELSE,
	SKL__PP_ENDIF
} skl__pp;

typedef struct skl__tok {
	skl__tk kind;
	const char *s; /* into the source text (for SKL__TK_PP: the '#') */
	int len;
	int line, col;
	uint64_t num;
	skl__pp pp;
	char *cond; /* SKL__TK_PP: owned */
} skl__tok;

/* A #define: a name and its replacement text, valid from token index at on. */
typedef struct skl__macro {
	char *name;
	char *body; /* NULL after #undef */
	int funclike;
	int at;	  /* index of the first token it applies to */
	int line; /* where it was defined */
	int busy; /* being evaluated: a use inside its own expansion is a cycle */
} skl__macro;

/* The definitions of one macro name: indexes into the macros, in order. */
typedef struct skl__macro_defs {
	int *idx;
	int n, cap;
} skl__macro_defs;

typedef struct skl__lexer {
	const char *src;
	const char *file; /* for errors; "" when there is none */
	skl_error *err;
	skl__tok *toks;
	int ntoks, captoks;
	skl__macro *macros;
	int nmacros, capmacros;
	skl__ctype_map mindex; /* name -> its definitions (a skl__macro_defs), oldest first */
	int pp_enabled;	       /* 0: a '#' is an error (single declarations) */
} skl__lexer;

/* Splits src into tokens, running the preprocessor subset. 0 or -1. */
int skl__lex(skl__lexer *lx, const char *src, const char *file, int pp_enabled, skl_error *err);
void skl__lex_free(skl__lexer *lx);
/* Adds a macro defined before any token ("NAME" or "NAME=VALUE"). */
int skl__lex_predefine(skl__lexer *lx, const char *def);
/* The macro NAME in force at token index at, or NULL. */
const skl__macro *skl__lex_macro(const skl__lexer *lx, const char *name, size_t n, int at);

/* snprintf that may truncate on purpose (long names are cut, never overrun). */
void skl__fmt(char *out, size_t outsz, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* "'struct'", "'}'", "end of input": how errors show a token. */
void skl__tok_describe(const skl__tok *t, char *out, size_t outsz);

#endif
