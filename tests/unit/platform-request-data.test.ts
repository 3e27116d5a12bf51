import { expect, test } from "vitest";
import { cleanRequestData } from "../../app/platform/request-data";

test("undefined, null, empty string and empty array fields are dropped", () => {
  expect(cleanRequestData({ a: undefined, b: null, c: "", d: [], keep: "x" })).toEqual({ keep: "x" });
});

test("zero, false, whitespace and filled arrays are values and stay", () => {
  expect(cleanRequestData({ count: 0, agreed: false, note: " ", ids: [1] })).toEqual({ count: 0, agreed: false, note: " ", ids: [1] });
});

test("nested objects are passed on as they are", () => {
  expect(cleanRequestData({ address: { remark: "", city: "HK" } })).toEqual({ address: { remark: "", city: "HK" } });
});

test("the caller's data is not changed", () => {
  const data = { a: null, b: 1 };
  cleanRequestData(data);
  expect(data).toEqual({ a: null, b: 1 });
});
