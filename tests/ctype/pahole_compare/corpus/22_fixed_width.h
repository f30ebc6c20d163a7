/* The fixed-width and kernel types a header uses without defining them:
 * gcc takes them from <stdint.h>, <stddef.h>, <sys/types.h> and
 * <linux/types.h>; sklab
 * ignores the #includes and predefines them (skl_cparse_prelude). The
 * kernel's own u8..s64 are in no userspace header, so gcc gets them here
 * (__GNUC__ is undefined to sklab: that block is skipped). */
#ifndef CORPUS_FIXED_WIDTH_H
#define CORPUS_FIXED_WIDTH_H

#include <linux/types.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __GNUC__
typedef __s8 s8;
typedef __u8 u8;
typedef __s16 s16;
typedef __u16 u16;
typedef __s32 s32;
typedef __u32 u32;
typedef __s64 s64;
typedef __u64 u64;
#endif

struct fw_kernel {
	u8 a;
	u64 b;
	s8 c;
	u16 d;
	s32 e;
	u32 f;
	s16 g;
	s64 h;
	__be16 port;
	__be32 addr;
	__le64 stamp;
	__sum16 check;
	__wsum csum;
	__u8 flags;
	__s64 delta;
};

struct fw_stdint {
	uint8_t a;
	uint64_t b;
	int8_t c;
	int16_t d;
	uint16_t e;
	int32_t f;
	uint32_t g;
	int64_t h;
	uintptr_t p;
	intptr_t q;
	size_t len;
	ssize_t ret;
	ptrdiff_t diff;
	char tail;
};

/* a header's own typedef on top of them */
typedef __u8 fw_byte;

struct fw_mixed {
	fw_byte x;
	uint64_t y;
	char z;
};

#endif
