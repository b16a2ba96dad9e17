import { describe, expect, it } from "vitest";
import { sha256Hex, sha256HexOfString } from "./sha256";

describe("sha256", () => {
  // FIPS 180-4 / NIST examples, plus lengths around the 55/56/64-byte padding edges.
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmjklmnklmnolmnopmnopqnopq",
      "9ad289b5b8ca3b67b3e1238ea026560d218cac02ee49b871795a3311874d107e",
    ],
    [
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    ],
    ["x".repeat(55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"],
    ["x".repeat(56), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"],
    ["x".repeat(63), "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"],
    ["x".repeat(64), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"],
    ["x".repeat(65), "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"],
    ["研究员 😀", "88ffc4cf6fa310b70065f55d3453520a4e2c7fb4c684c9da36346df8b1cf5948"],
  ])("hashes %j", (input, expected) => {
    expect(sha256HexOfString(input)).toBe(expected);
  });

  it("hashes one million 'a' (NIST long message)", () => {
    expect(sha256Hex(new Uint8Array(1_000_000).fill(0x61))).toBe(
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    );
  });

  it("hashes a view into a larger buffer by its own bytes only", () => {
    const buffer = new TextEncoder().encode("xxabcxx");
    expect(sha256Hex(buffer.subarray(2, 5))).toBe(sha256HexOfString("abc"));
  });
});
