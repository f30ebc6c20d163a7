/*
 * objview.c - what is in an object: addresses resolved to cache, object
 * and member, members decoded from the object's real bytes. Reads only:
 * no allocation, no write, no cache-model touch.
 */
#include "sklab/objview.h"

#include <stdio.h>
#include <string.h>

int skl_addr_resolve(skl_kernel *k, skl_addr a, skl_type_of_fn type_of, void *ud, skl_addr_info *out)
{
	skl_cache_info in;
	skl_cache *c;
	memset(out, 0, sizeof(*out));
	if (!k || !a)
		return -1;
	c = skl_kernel_cache_of(k, a, &out->index, &out->obj);
	if (!c)
		return -1;
	skl_cache_get_info(c, &in);
	out->cache = c;
	snprintf(out->cache_name, sizeof(out->cache_name), "%s", in.name);
	out->size = in.object_size;
	out->offset = a - out->obj;
	if (out->offset >= in.object_size) /* past the object: its slot's padding or red zone */
		return -1;
	out->type = type_of ? type_of(ud, out->obj) : NULL;
	if (!out->type)
		out->type = skl_cache_type(c);
	if (out->type && skl_layout_member_at(out->type, out->offset, &out->member) == 0)
		out->has_member = 1;
	return 0;
}

static const char *short_name(const char *n)
{
	if (!strncmp(n, "struct ", 7))
		return n + 7;
	if (!strncmp(n, "union ", 6))
		return n + 6;
	return n;
}

void skl_addr_name(skl_kernel *k, skl_addr a, skl_type_of_fn type_of, void *ud, char *out, size_t outsz)
{
	skl_addr_info ai;
	if (!a) {
		snprintf(out, outsz, "NULL");
		return;
	}
	if (skl_addr_resolve(k, a, type_of, ud, &ai) < 0) {
		snprintf(out, outsz, "0x%llx", (unsigned long long)a);
		return;
	}
	if (ai.offset)
		snprintf(out, outsz, "%s#%d+0x%llx", ai.type ? short_name(ai.type->name) : ai.cache_name, ai.index,
			 (unsigned long long)ai.offset);
	else
		snprintf(out, outsz, "%s#%d", ai.type ? short_name(ai.type->name) : ai.cache_name, ai.index);
}

static uint64_t load(const skl_abi *abi, const uint8_t *p, size_t n)
{
	uint64_t v = 0;
	size_t i;
	if (abi && abi->big_endian)
		for (i = 0; i < n; i++)
			v = (v << 8) | p[i];
	else
		for (i = n; i-- > 0;)
			v = (v << 8) | p[i];
	return v;
}

/* Is a base type (typedefs followed) signed? gcc's names: "int", "long
 * int", "char" (signed on i386 and x86_64), "long unsigned int", "_Bool". */
static int base_signed(const skl_type *t)
{
	char name[64];
	skl_type_name(t, name, sizeof(name));
	return !strstr(name, "unsigned") && strcmp(name, "_Bool") != 0;
}

static int is_char_name(const char *p)
{
	return !strcmp(p, "char") || !strcmp(p, "unsigned char") || !strcmp(p, "signed char") ||
	       !strcmp(p, "const char");
}

int skl_field_value(const skl_abi *abi, const skl_field *f, const uint8_t *obj, size_t objlen, skl_value *out)
{
	const skl_type *t = f->type ? skl_type_resolve(f->type) : NULL;
	skl_kind kind = t ? skl_type_kind(t) : SKL_K_BASE;
	const uint8_t *p = obj + f->offset;
	uint64_t raw;
	memset(out, 0, sizeof(*out));
	if (f->offset > objlen || f->size > objlen - f->offset)
		return -1;
	if (f->bit_size) { /* a bitfield: its bits of the storage unit */
		uint64_t mask = f->bit_size >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << f->bit_size) - 1);
		uint64_t bits = (load(abi, p, (size_t)f->size) >> f->bit_offset) & mask;
		if (t && (kind == SKL_K_ENUM || (kind == SKL_K_BASE && base_signed(t))) && f->bit_size < 64 &&
		    (bits >> (f->bit_size - 1)) & 1) {
			out->kind = SKL_VAL_SIGNED;
			out->i = (int64_t)(bits | ~mask);
		} else {
			out->kind = SKL_VAL_UNSIGNED;
			out->u = bits;
		}
		return 0;
	}
	if (kind == SKL_K_POINTER && f->size <= 8) {
		out->kind = SKL_VAL_POINTER;
		out->u = load(abi, p, (size_t)f->size);
		return 0;
	}
	if ((kind == SKL_K_BASE || kind == SKL_K_ENUM) &&
	    (f->size == 1 || f->size == 2 || f->size == 4 || f->size == 8)) {
		char name[64];
		skl_type_name(t, name, sizeof(name));
		if (kind == SKL_K_BASE && (!strcmp(name, "float") || !strcmp(name, "double")))
			goto bytes;
		raw = load(abi, p, (size_t)f->size);
		if (kind == SKL_K_ENUM || base_signed(t)) {
			out->kind = SKL_VAL_SIGNED;
			if (f->size < 8 && (raw >> (8 * f->size - 1)) & 1)
				raw |= ~(uint64_t)0 << (8 * f->size);
			out->i = (int64_t)raw;
		} else {
			out->kind = SKL_VAL_UNSIGNED;
			out->u = raw;
		}
		return 0;
	}
	if (kind == SKL_K_ARRAY && f->decl_prefix && is_char_name(f->decl_prefix)) {
		size_t i, o = 0;
		out->kind = SKL_VAL_STRING;
		for (i = 0; i < f->size && p[i]; i++) {
			unsigned ch = p[i];
			if (o + 8 >= sizeof(out->text)) {
				memcpy(out->text + o, "...", 4);
				return 0;
			}
			if (ch == '"' || ch == '\\')
				o += (size_t)snprintf(out->text + o, sizeof(out->text) - o, "\\%c", ch);
			else if (ch >= 32 && ch < 127)
				out->text[o++] = (char)ch;
			else
				o += (size_t)snprintf(out->text + o, sizeof(out->text) - o, "\\x%02x", ch);
		}
		out->text[o] = 0;
		return 0;
	}
	if (kind == SKL_K_STRUCT || kind == SKL_K_UNION) {
		size_t i;
		int zero = 1;
		for (i = 0; i < f->size; i++)
			zero &= p[i] == 0;
		out->kind = SKL_VAL_RECORD;
		out->u = f->size;
		snprintf(out->text, sizeof(out->text), "{%s} %llu bytes%s", kind == SKL_K_UNION ? "union" : "...",
			 (unsigned long long)f->size, zero ? ", all zero" : "");
		return 0;
	}
	if (kind == SKL_K_ARRAY) {
		out->kind = SKL_VAL_ARRAY;
		out->u = f->size;
		snprintf(out->text, sizeof(out->text), "%s %llu bytes",
			 f->decl_suffix && strchr(f->decl_suffix, '[') ? strchr(f->decl_suffix, '[') : "[]",
			 (unsigned long long)f->size);
		return 0;
	}
bytes : {
	size_t i, o = 0, n = f->size < 16 ? (size_t)f->size : 16;
	out->kind = SKL_VAL_BYTES;
	for (i = 0; i < n; i++)
		o += (size_t)snprintf(out->text + o, sizeof(out->text) - o, "%s%02x", i ? " " : "", p[i]);
	if (n < f->size)
		snprintf(out->text + o, sizeof(out->text) - o, " ...");
}
	return 0;
}

void skl_value_format(const skl_value *v, skl_kernel *k, skl_type_of_fn type_of, void *ud, char *out, size_t outsz)
{
	char name[64];
	switch (v->kind) {
	case SKL_VAL_SIGNED:
		snprintf(out, outsz, "%lld", (long long)v->i);
		break;
	case SKL_VAL_UNSIGNED:
		if (v->u < 10)
			snprintf(out, outsz, "%llu", (unsigned long long)v->u);
		else
			snprintf(out, outsz, "%llu (0x%llx)", (unsigned long long)v->u, (unsigned long long)v->u);
		break;
	case SKL_VAL_POINTER:
		if (!v->u) {
			snprintf(out, outsz, "NULL");
			break;
		}
		skl_addr_name(k, v->u, type_of, ud, name, sizeof(name));
		if (name[0] == '0')
			snprintf(out, outsz, "0x%llx", (unsigned long long)v->u);
		else
			snprintf(out, outsz, "0x%llx -> %s", (unsigned long long)v->u, name);
		break;
	case SKL_VAL_STRING:
		snprintf(out, outsz, "\"%s\"", v->text);
		break;
	default:
		snprintf(out, outsz, "%s", v->text);
		break;
	}
}
