package dev.sweepgate.changelog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Sha256Test {
    @Test
    void knownVectors() {
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256.hex(new byte[0]));
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                Sha256.hex("abc".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void agreesWithTheJdkAtEveryLengthAroundTheBlockBoundaries() throws Exception {
        // Lengths 0..300 cover one to five blocks and every padding case (55, 56, 63, 64 bytes ...).
        Random random = new Random(42);
        MessageDigest jdk = MessageDigest.getInstance("SHA-256");
        for (int length = 0; length <= 300; length++) {
            byte[] message = new byte[length];
            random.nextBytes(message);
            assertEquals(HexFormat.of().formatHex(jdk.digest(message)), Sha256.hex(message), "length " + length);
        }
    }

    @Test
    void fingerprintsOfRowsAreTheJdkDigestOfTheirCanonicalJson() throws Exception {
        Object row = java.util.Map.of("model", "deepseek-r1", "tp", 8, "spec-decoding", "none");
        byte[] json = CanonicalJson.write(row).getBytes(StandardCharsets.US_ASCII);
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json)), CanonicalJson.sha256(row));
    }
}
