"""Writes the kernel-language variants of the exact float32 normal that this folder times (to
stdout): every kernel computes U tiles of the layout written out, in a loop of L iterations, so a
thread computes B = U L tiles. `guarded` (the lang_ kernels): each tile's index computed from
blockIdx.x and checked against `tiles`; otherwise (lang2_): no check (the host gives whole groups
of B tiles) and the counters and elements as offsets from the thread's first ones.
Usage: gen_tiles_lang.py guarded|unguarded"""
import sys

ROUND = """            {{
                uint64 p0 = (uint64)x0_K * 0xD2511F53u;
                uint64 p1 = (uint64)x2_K * 0xCD9E8D57u;
                uint32 next0 = (uint32)(p1 >> 32) ^ x1_K ^ ka{r};
                uint32 next2 = (uint32)(p0 >> 32) ^ x3_K ^ kb{r};
                x1_K = (uint32)p1;
                x3_K = (uint32)p0;
                x0_K = next0;
                x2_K = next2;
            }}
"""

PAIR = """            uint32 bits{a} = __float_as_uint((float32)((WU >> 8u) + 1u));
            uint32 d{a} = 0x4BB504F2u - bits{a};
            float32 mm{a} = fma(__uint_as_float((~d{a} & 0x7FFFFFu) + 0x3F3504F3u), -2.0f, 2.0f);
            float32 q{a} = 0.0007876853342168033f;
            q{a} = fma(q{a}, mm{a}, 0.002528203185647726f);
            q{a} = fma(q{a}, mm{a}, 0.0053885080851614475f);
            q{a} = fma(q{a}, mm{a}, 0.012441801838576794f);
            q{a} = fma(q{a}, mm{a}, 0.03121403604745865f);
            q{a} = fma(q{a}, mm{a}, 0.08333678543567657f);
            q{a} = fma(q{a}, mm{a}, 0.25000160932540894f);
            float32 t{a} = max(fma((float32)((int32)d{a} >> 23), 1.3862943649291992f, fma(mm{a} * mm{a}, q{a}, mm{a})), 1.0e-30f);
            float32 ry{a} = rsqrt(t{a});
            float32 rs{a} = t{a} * ry{a};
            float32 sr{a} = scale * fma(fma(-rs{a}, rs{a}, t{a}), ry{a} * 0.5f, rs{a});
            uint32 b{a} = WA + {offset}u;
            float32 x{a} = __uint_as_float(__float_as_uint((float32)(int32)(WA << 2u) * (3.14159265358979324f * 1.16415321826934814453125e-10f)) ^ ((b{a} << 1u) & 0x80000000u));
            float32 v{a} = x{a} * x{a};
            float32 sin{a} = fma(x{a} * v{a}, fma(fma(-0.0001951528392964974f, v{a}, 0.0083321603015065193f), v{a}, -0.16666655242443085f), x{a});
            float32 cos{a} = fma(v{a}, fma(fma(fma(2.4383567506447434e-05f, v{a}, -0.001388668199069798f), v{a}, 0.041666619479656219f), v{a}, -0.5f), 1.0f);
            bool odd{a} = (b{a} & 0x40000000u) != 0u;
            float32 srq{a} = __uint_as_float(__float_as_uint(sr{a}) ^ (b{a} & 0x80000000u));
            y[E0] = fma(srq{a}, odd{a} ? sin{a} : cos{a}, loc);
            y[E1] = fma(srq{a}, odd{a} ? cos{a} : sin{a}, loc);
"""

KEYS = ", ".join(f"uint32 ka{r}, uint32 kb{r}" for r in range(10))


def pair(a, wu, wa, e0, e1, offset):
    return (PAIR.format(a=a, offset=offset).replace("WU", wu).replace("WA", wa)
            .replace("E0", e0).replace("E1", e1))


def tile(k, guarded, tile_expr, step):
    rounds = "".join(ROUND.format(r=r) for r in range(10))
    if guarded:
        # 2^29: angle 2 pi w 2^-32 (the raw CUDA kernels' convention, loop.dsl)
        head = f"""        int64 tile_K = {tile_expr};
        if (tile_K < tiles) {{
            int64 first_K = tile_K * 1024 + (int64)threadIdx.x;
            uint64 counter_K = offset + (uint64)(tile_K * 256 + (int64)threadIdx.x);
"""
        first, offset, tail = "first_K", "0x20000000", "        }\n"
    else:
        # 2^31 + 2^29: the library's angle, 2 pi w 2^-32 - pi
        head = f"""            uint64 counter_K = counter + (uint64)({step} * 256);
"""
        first, offset, tail = f"first + {step} * 1024", "0xA0000000", ""
    body = head + """            uint32 x0_K = (uint32)counter_K;
            uint32 x1_K = (uint32)(counter_K >> 32);
            uint32 x2_K = 0u;
            uint32 x3_K = 0u;
""" + rounds + pair("01_K", "x0_K", "x1_K", first, first + " + 256", offset) + pair(
        "23_K", "x2_K", "x3_K", first + " + 512", first + " + 768", offset) + tail
    return body.replace("_K", f"_{k}")


def kernel(name, u, loops, guarded):
    b = u * loops
    inner = "".join(
        tile(k, guarded, f"(int64)blockIdx.x * {b} + it * {u} + {k}",
             f"(it * {u} + {k})" if loops > 1 else f"{k}") for k in range(u))
    setup = "" if guarded else f"""    int64 base = (int64)blockIdx.x * {b};
    uint64 counter = offset + (uint64)(base * 256 + (int64)threadIdx.x);
    int64 first = base * 1024 + (int64)threadIdx.x;
"""
    loop = f"for (int32 it = 0; it < {loops}; it++) " if guarded or loops > 1 else ""
    return f"""kernel {name}(float32[] y, uint64 offset, int64 tiles, float32 loc, float32 scale, {KEYS}) {{
{setup}    {loop}{{
{inner}    }}
}}
"""


if sys.argv[1:] == ["guarded"]:
    shapes = ((1, 1, "lang_b1"), (1, 4, "lang_b4"), (1, 8, "lang_b8"), (2, 1, "lang_u2"),
              (4, 1, "lang_u4"), (2, 2, "lang_u2l2"), (4, 2, "lang_u4l2"), (8, 1, "lang_u8"))
    print("".join(kernel(name, u, loops, True) for u, loops, name in shapes), end="")
else:
    shapes = ((1, 1), (2, 1), (4, 1), (2, 2), (4, 2), (8, 1), (1, 4), (2, 4))
    print("".join(kernel("lang2_u%d" % u + ("l%d" % loops if loops > 1 else ""), u, loops, False)
                  for u, loops in shapes), end="")
