typedef long row[1L << 20];
struct m {
	int first;
	row r[1L << 20];
};
