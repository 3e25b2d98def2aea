//! pyeval's driver for holdem-hand-evaluator (github:b-inary/holdem-hand-evaluator), built by
//! bench/peers/build.sh, which writes the Cargo.toml naming the checkout as a path
//! dependency. The protocol of bench/peers_high7.py (see omp_drv.cpp): `hhe_drv FILE ROUNDS`
//! writes hhe_out.bin beside FILE; `hhe_drv enum ROUNDS` enumerates every 7-card hand. Each
//! hand is built card by card (`Hand::new().add_card(c)`); rates are per CPU second.
use holdem_hand_evaluator::Hand;
use std::io::Write;
use std::path::Path;

fn cpu_seconds() -> f64 {
    let mut t = libc_timespec { tv_sec: 0, tv_nsec: 0 };
    unsafe { clock_gettime(2, &mut t) }; // CLOCK_PROCESS_CPUTIME_ID
    t.tv_sec as f64 + 1e-9 * t.tv_nsec as f64
}

#[repr(C)]
struct libc_timespec {
    tv_sec: i64,
    tv_nsec: i64,
}

extern "C" {
    fn clock_gettime(clk: i32, t: *mut libc_timespec) -> i32;
}

fn enumerate_all(rounds: usize) {
    let (mut best, mut sum) = (0.0f64, 0u64);
    for _ in 0..rounds {
        let (mut total, mut count) = (0u64, 0u64);
        let t = cpu_seconds();
        for c0 in 0..52 {
            let h0 = Hand::new().add_card(c0);
            for c1 in c0 + 1..52 {
                let h1 = h0.add_card(c1);
                for c2 in c1 + 1..52 {
                    let h2 = h1.add_card(c2);
                    for c3 in c2 + 1..52 {
                        let h3 = h2.add_card(c3);
                        for c4 in c3 + 1..52 {
                            let h4 = h3.add_card(c4);
                            for c5 in c4 + 1..52 {
                                let h5 = h4.add_card(c5);
                                for c6 in c5 + 1..52 {
                                    total += h5.add_card(c6).evaluate() as u64;
                                    count += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        best = best.max(count as f64 / (cpu_seconds() - t) / 1e6);
        sum = total;
    }
    println!("hhe enum best {:.2} M/s checksum {}", best, sum);
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: hhe_drv FILE|enum ROUNDS");
        std::process::exit(2);
    }
    let rounds: usize = args[2].parse().expect("ROUNDS is a number");
    if args[1] == "enum" {
        enumerate_all(rounds);
        return;
    }
    let cards = std::fs::read(&args[1]).expect("read FILE");
    let n = cards.len() / 7;
    let mut out = vec![0u16; n];
    let mut best = 0.0f64;
    for _ in 0..rounds {
        let t = cpu_seconds();
        for (i, c) in cards.chunks_exact(7).enumerate() {
            let h = Hand::new()
                .add_card(c[0] as usize)
                .add_card(c[1] as usize)
                .add_card(c[2] as usize)
                .add_card(c[3] as usize)
                .add_card(c[4] as usize)
                .add_card(c[5] as usize)
                .add_card(c[6] as usize);
            out[i] = h.evaluate();
        }
        best = best.max(n as f64 / (cpu_seconds() - t) / 1e6);
    }
    let sum: u64 = out.iter().map(|&v| v as u64).sum();
    let dst = Path::new(&args[1]).with_file_name("hhe_out.bin");
    let mut f = std::fs::File::create(&dst).expect("create hhe_out.bin");
    let bytes: Vec<u8> = out.iter().flat_map(|v| v.to_le_bytes()).collect();
    f.write_all(&bytes).expect("write hhe_out.bin");
    println!("hhe {} hands best {:.2} M/s checksum {}", n, best, sum);
}
