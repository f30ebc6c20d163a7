struct broken {
	int a
	int b;
};
