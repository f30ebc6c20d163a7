struct s {
	char a[1L << 39];
	char b[1L << 39];
	char c[1L << 39];
};
