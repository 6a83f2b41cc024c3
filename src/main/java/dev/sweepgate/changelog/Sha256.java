package dev.sweepgate.changelog;

import java.util.Arrays;

/**
 * SHA-256 (FIPS 180-4) as lowercase hex. Written out because {@code MessageDigest.getInstance}
 * loads the security providers, which costs a short run tens of milliseconds more than the
 * few hashes it makes; a test checks it against {@code MessageDigest}.
 */
final class Sha256 {
    /** First 32 bits of the fractional parts of the cube roots of the first 64 primes. */
    private static final int[] ROUND_CONSTANTS = fractionBits(64, true);
    /** First 32 bits of the fractional parts of the square roots of the first 8 primes. */
    private static final int[] INITIAL_HASH = fractionBits(8, false);
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Sha256() {
    }

    static String hex(byte[] message) {
        int[] hash = INITIAL_HASH.clone();
        int blocks = (message.length + 8) / 64 + 1; // room for the 0x80 marker and the 64-bit length
        byte[] padded = Arrays.copyOf(message, blocks * 64);
        padded[message.length] = (byte) 0x80;
        long bits = (long) message.length * 8;
        for (int i = 0; i < 8; i++) {
            padded[padded.length - 1 - i] = (byte) (bits >>> (8 * i));
        }
        int[] w = new int[64];
        for (int block = 0; block < blocks; block++) {
            for (int t = 0; t < 16; t++) {
                int at = block * 64 + t * 4;
                w[t] = (padded[at] & 0xff) << 24 | (padded[at + 1] & 0xff) << 16
                        | (padded[at + 2] & 0xff) << 8 | (padded[at + 3] & 0xff);
            }
            for (int t = 16; t < 64; t++) {
                int s0 = Integer.rotateRight(w[t - 15], 7) ^ Integer.rotateRight(w[t - 15], 18) ^ (w[t - 15] >>> 3);
                int s1 = Integer.rotateRight(w[t - 2], 17) ^ Integer.rotateRight(w[t - 2], 19) ^ (w[t - 2] >>> 10);
                w[t] = w[t - 16] + s0 + w[t - 7] + s1;
            }
            compress(hash, w);
        }
        char[] out = new char[64];
        for (int i = 0; i < 8; i++) {
            for (int nibble = 0; nibble < 8; nibble++) {
                out[i * 8 + nibble] = HEX[(hash[i] >>> (28 - 4 * nibble)) & 0xf];
            }
        }
        return new String(out);
    }

    private static void compress(int[] hash, int[] w) {
        int a = hash[0];
        int b = hash[1];
        int c = hash[2];
        int d = hash[3];
        int e = hash[4];
        int f = hash[5];
        int g = hash[6];
        int h = hash[7];
        for (int t = 0; t < 64; t++) {
            int sum1 = Integer.rotateRight(e, 6) ^ Integer.rotateRight(e, 11) ^ Integer.rotateRight(e, 25);
            int choice = (e & f) ^ (~e & g);
            int temp1 = h + sum1 + choice + ROUND_CONSTANTS[t] + w[t];
            int sum0 = Integer.rotateRight(a, 2) ^ Integer.rotateRight(a, 13) ^ Integer.rotateRight(a, 22);
            int majority = (a & b) ^ (a & c) ^ (b & c);
            int temp2 = sum0 + majority;
            h = g;
            g = f;
            f = e;
            e = d + temp1;
            d = c;
            c = b;
            b = a;
            a = temp1 + temp2;
        }
        hash[0] += a;
        hash[1] += b;
        hash[2] += c;
        hash[3] += d;
        hash[4] += e;
        hash[5] += f;
        hash[6] += g;
        hash[7] += h;
    }

    /** The first 32 fractional bits of the cube (else square) roots of the first {@code count} primes. */
    private static int[] fractionBits(int count, boolean cubeRoots) {
        int[] bits = new int[count];
        int found = 0;
        for (int candidate = 2; found < count; candidate++) {
            if (isPrime(candidate)) {
                double root = cubeRoots ? Math.cbrt(candidate) : Math.sqrt(candidate);
                bits[found++] = (int) (long) ((root - Math.floor(root)) * 0x1p32);
            }
        }
        return bits;
    }

    private static boolean isPrime(int n) {
        for (int d = 2; d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
