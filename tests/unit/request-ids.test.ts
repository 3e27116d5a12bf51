/** Every log line of a request carries one id, stamped by the Worker; a client cannot choose it. */
import { expect, test } from "vitest";
import { requestIdOf, withRequestId, withSameRequestId } from "../../functions/observability";

const CLIENT_ID = "abcdefabcdefabcdefabcdef";

test("a stamped request is known by one new id, never the one its client sent", () => {
  const received = new Request("https://ovation.example/user/order/v1/create", { method: "POST", headers: { "x-request-id": CLIENT_ID }, body: "{}" });
  const stamped = withRequestId(received);
  const id = requestIdOf(stamped);
  expect(id).toMatch(/^[0-9a-f]{24}$/);
  expect(id).not.toBe(CLIENT_ID);
  expect(requestIdOf(stamped)).toBe(id);
});

test("the partner door's rewritten request keeps the id of the request it came from", () => {
  const stamped = withRequestId(new Request("https://ovation.example/mtl_overseasapi/mts/pub/tour/v1/list"));
  const rewritten = withSameRequestId(new Request("https://ovation.example/pub/tour/v1/list"), stamped);
  expect(requestIdOf(rewritten)).toBe(requestIdOf(stamped));
});

test("a request the Worker never stamped is known by the edge's ray id", () => {
  expect(requestIdOf(new Request("https://ovation.example/", { headers: { "cf-ray": "8a1b2c3d4e5f6789-HKG", "x-request-id": CLIENT_ID } }))).toBe("8a1b2c3d4e5f6789-HKG");
});
