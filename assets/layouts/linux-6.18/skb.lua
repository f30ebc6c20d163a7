-- struct sk_buff of Linux 6.18 (include/linux/skbuff.h), x86_64.
--
-- The socket buffer's descriptor, from skbuff_head_cache (224 bytes in
-- 256-byte slots): list links, the socket, the timestamp, the 48-byte
-- control block cb[] that each layer uses for itself, the lengths and
-- flag bitfields, the header offsets (mac, network, transport, each a u16
-- from head), and at the end tail and end (u32 offsets from head on 64-bit
-- kernels), head and data (pointers), truesize and users. The packet's
-- bytes are elsewhere, in the head buffer that head points to.
--
-- The flags between __pkt_type_offset and the header offsets are grouped
-- in struct_group(headers), which __copy_skb_header() copies in one go.
--
-- Drafted with tests/data/btf2lua.lua from the BTF of a running 6.18 kernel
-- and checked against it: pahole -C sk_buff prints the same layout
-- (tests/data/check-linux-6.18.sh). Config conditions are those of that
-- kernel; the data has none.

return {
  typedefs = {
    { "__wsum", "__u32" },
    { "sk_buff_data_t", "unsigned int" },
  },
  records = {
    { "struct llist_node", note = "A lock-less list link (llist.h).", {
        { "struct llist_node *next" },
      } },

    { "struct sk_buff",
      note = "The socket buffer descriptor: links, socket, cb[], lengths, flags, header offsets, then "
        .. "tail/end (u32 offsets from head), head and data (pointers), truesize, users. 224 bytes.", {
        { union = {
            { struct = {
                { "struct sk_buff *next" },
                { "struct sk_buff *prev" },
                { union = {
                    { "struct net_device *dev" },
                    { "unsigned long dev_scratch" },
                  } },
              } },
            { "struct rb_node rbnode" },
            { "struct list_head list" },
            { "struct llist_node ll_node" },
          } },
        { "struct sock *sk" },
        { union = {
            { "ktime_t tstamp" },
            { "u64 skb_mstamp_ns" },
          } },
        { "char cb[48]" },
        { union = {
            { struct = {
                { "unsigned long _skb_refdst" },
                { "void (*destructor)(struct sk_buff *)" },
              } },
            { "struct list_head tcp_tsorted_anchor" },
            { "unsigned long _sk_redir" },
          } },
        { "unsigned long _nfct" },
        { "unsigned int len" },
        { "unsigned int data_len" },
        { "__u16 mac_len" },
        { "__u16 hdr_len" },
        { "__u16 queue_mapping" },
        { "__u8 __cloned_offset[0]" },
        { "__u8 cloned:1" },
        { "__u8 nohdr:1" },
        { "__u8 fclone:2" },
        { "__u8 peeked:1" },
        { "__u8 head_frag:1" },
        { "__u8 pfmemalloc:1" },
        { "__u8 pp_recycle:1" },
        { "__u8 active_extensions" },
        -- struct_group(headers, ...): the kernel's macro writes the same
        -- members twice, as an anonymous struct and as the struct named
        -- headers, in a union, so both spellings reach them
        { union = {
            { struct = {
                { "__u8 __pkt_type_offset[0]" },
                { "__u8 pkt_type:3" },
                { "__u8 ignore_df:1" },
                { "__u8 dst_pending_confirm:1" },
                { "__u8 ip_summed:2" },
                { "__u8 ooo_okay:1" },
                { "__u8 __mono_tc_offset[0]" },
                { "__u8 tstamp_type:2" },
                { "__u8 tc_at_ingress:1" },
                { "__u8 tc_skip_classify:1" },
                { "__u8 remcsum_offload:1" },
                { "__u8 csum_complete_sw:1" },
                { "__u8 csum_level:2" },
                { "__u8 inner_protocol_type:1" },
                { "__u8 l4_hash:1" },
                { "__u8 sw_hash:1" },
                { "__u8 no_fcs:1" },
                { "__u8 encapsulation:1" },
                { "__u8 encap_hdr_csum:1" },
                { "__u8 csum_valid:1" },
                { "__u8 nf_trace:1" },
                { "__u8 redirected:1" },
                { "__u8 from_ingress:1" },
                { "__u8 nf_skip_egress:1" },
                { "__u8 slow_gro:1" },
                { "__u8 unreadable:1" },
                { "__u16 tc_index" },
                { "u16 alloc_cpu" },
                { union = {
                    { "__wsum csum" },
                    { struct = {
                        { "__u16 csum_start" },
                        { "__u16 csum_offset" },
                      } },
                  } },
                { "__u32 priority" },
                { "int skb_iif" },
                { "__u32 hash" },
                { union = {
                    { "u32 vlan_all" },
                    { struct = {
                        { "__be16 vlan_proto" },
                        { "__u16 vlan_tci" },
                      } },
                  } },
                { union = {
                    { "unsigned int napi_id" },
                    { "unsigned int sender_cpu" },
                  } },
                { "__u32 secmark" },
                { union = {
                    { "__u32 mark" },
                    { "__u32 reserved_tailroom" },
                  } },
                { union = {
                    { "__be16 inner_protocol" },
                    { "__u8 inner_ipproto" },
                  } },
                { "__u16 inner_transport_header" },
                { "__u16 inner_network_header" },
                { "__u16 inner_mac_header" },
                { "__be16 protocol" },
                { "__u16 transport_header" },
                { "__u16 network_header" },
                { "__u16 mac_header" },
              } },
            { struct = {
                { "__u8 __pkt_type_offset[0]" },
                { "__u8 pkt_type:3" },
                { "__u8 ignore_df:1" },
                { "__u8 dst_pending_confirm:1" },
                { "__u8 ip_summed:2" },
                { "__u8 ooo_okay:1" },
                { "__u8 __mono_tc_offset[0]" },
                { "__u8 tstamp_type:2" },
                { "__u8 tc_at_ingress:1" },
                { "__u8 tc_skip_classify:1" },
                { "__u8 remcsum_offload:1" },
                { "__u8 csum_complete_sw:1" },
                { "__u8 csum_level:2" },
                { "__u8 inner_protocol_type:1" },
                { "__u8 l4_hash:1" },
                { "__u8 sw_hash:1" },
                { "__u8 no_fcs:1" },
                { "__u8 encapsulation:1" },
                { "__u8 encap_hdr_csum:1" },
                { "__u8 csum_valid:1" },
                { "__u8 nf_trace:1" },
                { "__u8 redirected:1" },
                { "__u8 from_ingress:1" },
                { "__u8 nf_skip_egress:1" },
                { "__u8 slow_gro:1" },
                { "__u8 unreadable:1" },
                { "__u16 tc_index" },
                { "u16 alloc_cpu" },
                { union = {
                    { "__wsum csum" },
                    { struct = {
                        { "__u16 csum_start" },
                        { "__u16 csum_offset" },
                      } },
                  } },
                { "__u32 priority" },
                { "int skb_iif" },
                { "__u32 hash" },
                { union = {
                    { "u32 vlan_all" },
                    { struct = {
                        { "__be16 vlan_proto" },
                        { "__u16 vlan_tci" },
                      } },
                  } },
                { union = {
                    { "unsigned int napi_id" },
                    { "unsigned int sender_cpu" },
                  } },
                { "__u32 secmark" },
                { union = {
                    { "__u32 mark" },
                    { "__u32 reserved_tailroom" },
                  } },
                { union = {
                    { "__be16 inner_protocol" },
                    { "__u8 inner_ipproto" },
                  } },
                { "__u16 inner_transport_header" },
                { "__u16 inner_network_header" },
                { "__u16 inner_mac_header" },
                { "__be16 protocol" },
                { "__u16 transport_header" },
                { "__u16 network_header" },
                { "__u16 mac_header" },
              }, name = "headers" },
          } },
        { "sk_buff_data_t tail" },
        { "sk_buff_data_t end" },
        { "unsigned char *head" },
        { "unsigned char *data" },
        { "unsigned int truesize" },
        { "refcount_t users" },
        { "struct skb_ext *extensions" },
      } },

  },
}
