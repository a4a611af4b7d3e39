import { describe, expect, it } from "vitest";
import { addressRangeOf, findCallbackUrlProblem } from "./find-callback-url-problem";

const production = { allowPrivate: false, requireHttps: true };
const elsewhere = { allowPrivate: true, requireHttps: false };

describe("findCallbackUrlProblem in production", () => {
  it.each([
    ["https://169.254.169.254/latest/meta-data", "linkLocal"],
    ["https://10.0.0.1/cb", "private"],
    ["https://127.0.0.1/cb", "loopback"],
    ["https://[::1]/cb", "loopback"],
    ["https://[::127.0.0.1]/cb", "ipv4Compatible"],
    ["https://[::10.0.0.1]/cb", "ipv4Compatible"],
    ["https://[::8.8.8.8]/cb", "ipv4Compatible"],
    ["https://[::ffff:127.0.0.1]/cb", "loopback"],
    ["https://[::ffff:10.0.0.1]/cb", "private"],
    ["https://[0:0:0:0:0:ffff:a9fe:a9fe]/cb", "linkLocal"],
    ["https://[64:ff9b::7f00:1]/cb", "rfc6052"],
    ["https://[2002:7f00:1::]/cb", "6to4"],
    ["https://0x7f000001/cb", "loopback"],
    ["https://2130706433/cb", "loopback"],
    ["https://017700000001/cb", "loopback"],
    ["https://127.1/cb", "loopback"],
    ["https://0/cb", "unspecified"],
    ["https://0.0.0.0/cb", "unspecified"],
    ["https://[::]/cb", "unspecified"],
    ["https://100.64.0.1/cb", "carrierGradeNat"],
    ["https://[fc00::1]/cb", "uniqueLocal"],
    ["https://[fe80::1]/cb", "linkLocal"],
    ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/cb", "teredo"],
    ["https://[64:ff9b:1::a00:1]/cb", "rfc6052"],
    ["https://[::ffff:0:7f00:1]/cb", "rfc6145"],
    ["https://127.0.0.1./cb", "loopback"],
    ["https://127.0.0.1:8443/cb", "loopback"],
  ])("refuses %s as an address that is not public (%s)", (url, range) => {
    expect(findCallbackUrlProblem(url, production)).toEqual({
      code: "address_not_public",
      reason: `is not an allowed address (${range}): only public servers`,
    });
  });

  it.each([
    "https://localhost/cb",
    "https://LOCALHOST./cb",
    "https://api.localhost/cb",
    "https://ＬＯＣＡＬＨＯＳＴ/cb",
    "https://printer.local/cb",
    "https://metadata.google.internal/cb",
    "https://router.home.arpa/cb",
    "https://intranet/cb",
  ])("refuses %s, a name that leads to no public server", (url) => {
    expect(findCallbackUrlProblem(url, production)).toEqual({
      code: "address_not_public",
      reason: "is not an allowed address (a local name): only public servers",
    });
  });

  it("refuses plain http, other schemes and what is not a URL", () => {
    expect(findCallbackUrlProblem("http://shop.example/cb", production)).toEqual({
      code: "scheme_not_allowed",
      reason: "must use https",
    });
    expect(findCallbackUrlProblem("ftp://shop.example/cb", production)?.code).toBe("scheme_not_allowed");
    expect(findCallbackUrlProblem("shop.example/cb", production)?.code).toBe("url_invalid");
  });

  it("refuses a user name or password in the URL, in every environment", () => {
    for (const options of [production, elsewhere]) {
      expect(findCallbackUrlProblem("https://u:p@shop.example/cb", options)).toEqual({
        code: "url_invalid",
        reason: "must not carry a user name or password",
      });
      expect(findCallbackUrlProblem("https://u@shop.example/cb", options)?.code).toBe("url_invalid");
    }
  });

  it("takes 2,048 characters and refuses 2,049, in every environment", () => {
    const url = (length: number) => {
      const start = "https://shop.example/cb?x=";
      return start + "a".repeat(length - start.length);
    };
    expect(findCallbackUrlProblem(url(2048), production)).toBeNull();
    for (const options of [production, elsewhere]) {
      expect(findCallbackUrlProblem(url(2049), options)).toEqual({
        code: "url_invalid",
        reason: "must be at most 2048 characters",
      });
    }
  });

  it.each([
    "https://shop.example/cb",
    "https://8.8.8.8/cb",
    "https://[2001:4860:4860::8888]/cb",
    "https://[::ffff:8.8.8.8]/cb",
  ])("takes %s", (url) => {
    expect(findCallbackUrlProblem(url, production)).toBeNull();
  });
});

describe("findCallbackUrlProblem outside production", () => {
  it("takes local receivers over http", () => {
    expect(findCallbackUrlProblem("http://127.0.0.1:4000/cb", elsewhere)).toBeNull();
    expect(findCallbackUrlProblem("http://localhost:4000/cb", elsewhere)).toBeNull();
    expect(findCallbackUrlProblem("http://[::1]:4000/cb", elsewhere)).toBeNull();
  });

  it("still refuses what is not http(s)", () => {
    expect(findCallbackUrlProblem("ftp://127.0.0.1/cb", elsewhere)?.code).toBe("scheme_not_allowed");
  });
});

describe("addressRangeOf", () => {
  it("names what an IPv6 address carries: the IPv4 range of a mapped one, any compatible one refused", () => {
    expect(addressRangeOf("::ffff:8.8.8.8")).toBe("unicast");
    expect(addressRangeOf("::7f00:1")).toBe("ipv4Compatible");
    expect(addressRangeOf("::1")).toBe("loopback");
    expect(addressRangeOf("::")).toBe("unspecified");
    expect(addressRangeOf("2001:4860:4860::8888")).toBe("unicast");
  });
});
