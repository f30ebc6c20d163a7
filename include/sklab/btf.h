/*
 * btf.h - imports structs and unions from BTF (the kernel's compact type
 * format, /sys/kernel/btf/vmlinux) into a type database, through libbpf.
 *
 * BTF records exact offsets but no attributes; the importer infers the
 * packed and aligned(N) attributes that make gcc's rules (layout.h) give
 * those offsets back, and names types the way pahole prints them from BTF.
 * Without libbpf at build time the functions exist and always fail.
 */
#ifndef SKLAB_BTF_H
#define SKLAB_BTF_H

#include "sklab/types.h"

/* 1 when sklab was built with libbpf, 0 otherwise. */
int skl_btf_available(void);

/* Imports the struct or union called name ("tcp_sock", "struct tcp_sock",
 * "union bpf_attr"; a bare name is tried as a struct, then a union) from the
 * BTF file at path (NULL = /sys/kernel/btf/vmlinux; a module's split BTF
 * under /sys/kernel/btf/ is read on top of vmlinux) into db, with every type
 * it holds by value; types reached only through pointers come in as
 * declarations. *out gets the record, which belongs to db.
 *
 * 0, or -1 with err set: unreadable or corrupt file, no such name, a record
 * that db already holds with another size, or out of memory. What was
 * imported before a failure stays in db. */
int skl_btf_import(skl_typedb *db, const char *path, const char *name, skl_type **out, skl_error *err);

#endif
