/* __attribute__((packed)) on records and members, and packed records
 * inside ordinary ones. */
#ifndef CORPUS_PACKED_H
#define CORPUS_PACKED_H

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

struct pk_header {
	u8 type;
	u32 length;
	u16 flags;
	u64 cookie;
} __attribute__((packed));

struct pk_member {
	char c;
	int i __attribute__((packed));
	char d;
	long long ll __attribute__((__packed__));
};

struct pk_outer {
	char tag;
	struct pk_header hdr;
	int after;
};

struct __attribute__((packed)) pk_bits {
	u8 a;
	u32 b:12;
	u32 c:24;
	u16 d:3;
	u8 e;
};

struct pk_aligned {
	char a;
	int b;
	short c;
} __attribute__((packed, aligned(4)));

struct pk_ethhdr {
	unsigned char h_dest[6];
	unsigned char h_source[6];
	unsigned short h_proto;
} __attribute__((packed));

struct pk_iphdr {
	u8 ihl:4, version:4;
	u8 tos;
	u16 tot_len;
	u16 id;
	u16 frag_off;
	u8 ttl;
	u8 protocol;
	u16 check;
	u32 saddr;
	u32 daddr;
};

#endif
