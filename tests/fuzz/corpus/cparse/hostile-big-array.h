struct a {
	long a[1L << 60];
	char c;
};
