/*
 * view_skb.h - the skb view: sk_buff snapshots drawn as the kernel docs
 * draw them. Each head buffer is a horizontal bar to scale from head to
 * end plus skb_shared_info (and, in eras that waste it, the kmalloc slack
 * after shinfo, hatched): headroom, linear data and tailroom shaded
 * distinctly, every pushed header a coloured labelled block, arrows above
 * for head and data (simulated addresses) and below for tail and end
 * (offsets from head in eras that store them so, "tail +0x1f4"; addresses
 * otherwise), a byte ruler, the head's cache above the bar, paged frags
 * as boxes hanging off shinfo (len against data_len), each struct sk_buff
 * as a box on the left pointing at its head, and its figures (len,
 * data_len, headlen, headroom, tailroom, truesize, users, dataref, cloned)
 * in a table on the right. The header names the snapshots, the era and
 * the last operation; a panic draws the bytes past end (or before head)
 * in red on the bar and prints the kernel's panic line in a red box.
 *
 * Snapshots that share a head (shared_with, in either direction, as
 * skb_clone leaves them) are drawn as one buffer with one sk_buff box
 * per snapshot, each with its own data and tail arrows in its colour and
 * a bracket under the ruler for the bytes it sees. Separate heads get
 * separate bars, stacked, at one scale (a byte is as wide in every bar).
 *
 * Small headers in big buffers: the bar stays to scale, and when a
 * labelled block is too narrow for its name (a 14-byte ethhdr in a
 * 2 KiB head), a zoom strip under the bar magnifies the bytes around the
 * narrow blocks, with guide lines to the window it shows, its own ruler
 * and pointer marks, and every block labelled.
 *
 * How the snapshot's values are read: data, tail, end and region offsets
 * are bytes from head; as signed 32-bit numbers, so an underrun (skb_push
 * past head) is a negative data. An overrun is tail > end (the kernel
 * updates tail before it checks). buf_size 0 means end + shinfo_size.
 * Regions named "shinfo" are not drawn as blocks (their detail goes into
 * shinfo's tooltip). frag_len[0 .. nr_frags) are the paged frags.
 *
 * Appends to a draw list and never calls SDL. Hover groups and their keys
 * (<s> is a snapshot's index; a shared buffer's parts carry the index of
 * the first snapshot that shares it):
 *   "<obj>:header"                    the header
 *   "<obj>:<s>:skb"                   the struct sk_buff box of snapshot s
 *   "<obj>:<s>:fig:<name>"            a figure ("len", "data_len", "headlen",
 *                                     "headroom", "tailroom", "truesize",
 *                                     "users", "dataref", "cloned", "nr_frags")
 *   "<obj>:<s>:alloc"                 the head allocation (cache, bytes)
 *   "<obj>:<s>:headroom", ":data", ":tailroom", ":shinfo", ":slack"
 *   "<obj>:<s>:region:<i>"            region i of snapshot s (ethhdr, ...)
 *   "<obj>:<s>:overrun", ":underrun"  the bytes a panicking op reached
 *   "<obj>:<s>:ptr:head", ":ptr:data", ":ptr:tail", ":ptr:end"
 *   "<obj>:<s>:span"                  the bytes snapshot s sees (shared heads)
 *   "<obj>:<s>:ruler"                 the byte ruler
 *   "<obj>:<s>:frags", ":frag:<i>"    the paged frags
 *   "<obj>:<s>:zoom"                  the zoom strip's frame and caption;
 *                                     its copies of the parts above are
 *                                     "<obj>:<s>:zoom:<part>" ("0:0:zoom:region:2")
 *   "<obj>:<s>:panic"                 the panic box
 *   "<obj>:legend:<mark>"             a legend entry
 *   "<obj>:<s>:bytes"                 the packet-bytes pane's title
 *   "<obj>:<s>:bytes:region:<i>"      region i's bytes in the pane (its band
 *                                     and its legend entry); the group takes
 *                                     the id of the region's block on the
 *                                     bar (skl_dl_rejoin), and so does the
 *                                     block's zoom copy: hovering one
 *                                     outlines the others
 *   "<obj>:<s>:bytes:other"           bytes in no region
 *
 * The packet-bytes pane, under the legend, when a snapshot holds bytes
 * (bytes[], from the mac header or data to tail) and header regions: the
 * bytes as Wireshark's bytes pane shows them, 16 a row, an offset column
 * (0000 = the first byte kept), hex and ASCII; every region's bytes on a
 * band in its block's colour, and a legend of the bands with their byte
 * ranges. It shows the snapshot with the most bytes (the first of
 * equals); rows that do not fit are left out ("first 48 of 74 bytes
 * shown"), and so is the pane when fewer than two rows fit.
 * Tooltips name offsets from head in decimal and hex.
 */
#ifndef SKLAB_RENDER_VIEW_SKB_H
#define SKLAB_RENDER_VIEW_SKB_H

#include "sklab/render/drawlist.h"
#include "sklab/skb_snap.h"

typedef struct skl_view_skb_opts {
	float x, y, w, h;  /* region of the canvas; w or h 0 = the whole canvas */
	int obj;	   /* object number used in keys */
	int no_header;	   /* 1 = leave the header out */
	int no_legend;	   /* 1 = leave the legend out */
	int no_zoom;	   /* 1 = never draw the zoom strip */
	int no_bytes;	   /* 1 = leave the packet-bytes pane out */
	const char *title; /* header title; NULL = the snapshots' names */
	float text_scale;  /* 0 = automatic (from the canvas size) */
} skl_view_skb_opts;

/* Appends the view of the n snapshots. 0, or -1 when out of memory. */
int skl_view_skb(skl_dl *dl, const skl_skb_snap *snaps, int n, const skl_view_skb_opts *o);

/* The parts of a head buffer the view shades; the legend names these. */
typedef enum skl_skb_mark {
	SKL_SKB_HEADROOM,
	SKL_SKB_DATA, /* linear data; also unnamed and "payload" regions */
	SKL_SKB_TAILROOM,
	SKL_SKB_SHINFO,
	SKL_SKB_SLACK, /* kmalloc bytes after shinfo nobody can use */
	SKL_SKB_FRAG,  /* a paged frag */
	SKL_SKB_PANIC, /* bytes an overrun or underrun reached */
	SKL_SKB_MARK_COUNT_
} skl_skb_mark;

const char *skl_view_skb_mark_name(skl_skb_mark m); /* "headroom", ... */
skl_color skl_view_skb_fill(skl_skb_mark m);
skl_color skl_view_skb_stroke(skl_skb_mark m);

/* A region's colours: its own colour when it has one, else by name
 * (ethhdr orange, iphdr green, tcphdr purple, udphdr yellow, payload and
 * unknown data as linear data, anything else grey). */
skl_color skl_view_skb_region_fill(const skl_skb_region *r);
skl_color skl_view_skb_region_stroke(const skl_skb_region *r);

/* The tooltip of region i of s (name, bytes, offsets from head and from
 * data, detail) into out. */
void skl_view_skb_region_tooltip(const skl_skb_snap *s, int i, char *out, size_t outsz);

/* The index of the first snapshot that shares snapshot i's head (i itself
 * when it shares with none). */
int skl_view_skb_owner(const skl_skb_snap *snaps, int n, int i);

#endif
