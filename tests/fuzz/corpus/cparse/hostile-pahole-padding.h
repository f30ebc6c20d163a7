/* 2^63 bytes: pahole would print padding lines without end */
struct p {
	char x[1UL << 63];
	int y;
};
