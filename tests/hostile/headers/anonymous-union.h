struct u {
	int x;
	union {
		char small;
		char huge[1UL << 41];
	};
};
