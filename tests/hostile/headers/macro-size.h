#define HALF (1UL << 62)
struct mac {
	char a[HALF];
	char b[HALF];
};
