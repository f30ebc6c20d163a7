#!/usr/bin/env python3
# gen-pcap-rx.py OUT - writes scenarios/pcap_rx.pcap: two small frames, a TCP
# segment (20 bytes of payload) and a UDP datagram (12 bytes), with good
# IPv4, TCP and UDP checksums, stamped as sklab's writer stamps (1250544389,
# 1 ms apart), little-endian with the 0xa1b2c3d4 magic. Deterministic.
import struct, sys

def csum(b):
    if len(b) % 2:
        b += b"\0"
    s = sum(struct.unpack("!%dH" % (len(b) // 2), b))
    while s >> 16:
        s = (s & 0xffff) + (s >> 16)
    return ~s & 0xffff

src, dst = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
eth = bytes.fromhex("00163e000002" "00163e000001" "0800")

def ip(proto, l4, ident):
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(l4), ident, 0x4000, 64, proto, 0, src, dst)
    return h[:10] + struct.pack("!H", csum(h)) + h[12:]

def l4sum(proto, seg):
    return csum(src + dst + struct.pack("!BBH", 0, proto, len(seg)) + seg)

pay = b"GET / HTTP/1.0\r\n\r\n\0\0"
tcp = struct.pack("!HHIIBBHHH", 43210, 80, 1, 1, 5 << 4, 0x18, 502, 0, 0) + pay
tcp = tcp[:16] + struct.pack("!H", l4sum(6, tcp)) + tcp[18:]
upay = b"sklab query\n"
udp = struct.pack("!HHHH", 5353, 53, 8 + len(upay), 0) + upay
udp = udp[:6] + struct.pack("!H", l4sum(17, udp)) + udp[8:]
frames = [eth + ip(6, tcp, 1) + tcp, eth + ip(17, udp, 2) + udp]
out = struct.pack("<IHHiIII", 0xa1b2c3d4, 2, 4, 0, 0, 65535, 1)
for i, f in enumerate(frames):
    out += struct.pack("<IIII", 1250544389, 1000 * i, len(f), len(f)) + f
open(sys.argv[1], "wb").write(out)
