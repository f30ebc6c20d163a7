struct bf {
	char c[1L << 40];
	int x : 3;
};
