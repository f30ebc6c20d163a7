struct inner { char c; int i; };
