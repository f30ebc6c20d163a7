enum e { BIG = 1L << 50 };
struct en {
	char c[BIG];
};
