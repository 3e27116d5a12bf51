/**
 * Student certification (market/students):
 *   GET  /user/v1/mts/student/status                        StudentStatus
 *   POST /user/v1/mts/student/code     { schoolEmail }       { expiresAt }
 *   POST /user/v1/mts/student/verify   { code }              StudentStatus
 *   POST /provider/v1/listing/students { listingId, studentsOnly }   (seller role)
 */
import type { Hono } from "hono";
import * as z from "zod";
import type { ApiEnv } from "../api-env";
import { ok, parseJsonBody } from "../envelope";
import { requireSignedIn } from "../session";
import { markListingForStudents, requestStudentCode, studentStatus, verifyStudentCode } from "../../market/students";

const codeRequestSchema = z.object({ schoolEmail: z.string().trim().min(3).max(254) }).strict();
const verifySchema = z.object({ code: z.string().regex(/^\d{6}$/, "must be 6 digits") }).strict();
const markSchema = z.object({ listingId: z.number().int().positive(), studentsOnly: z.boolean() }).strict();

export function registerStudentRoutes(api: Hono<ApiEnv>) {
  api.get("/user/v1/mts/student/status", async (c) => {
    requireSignedIn(c);
    return c.json(ok(await studentStatus(c.get("market"))));
  });

  api.post("/user/v1/mts/student/code", async (c) => {
    requireSignedIn(c);
    const { schoolEmail } = await parseJsonBody(c.req.raw, codeRequestSchema);
    return c.json(ok(await requestStudentCode(c.get("market"), schoolEmail)));
  });

  api.post("/user/v1/mts/student/verify", async (c) => {
    requireSignedIn(c);
    const { code } = await parseJsonBody(c.req.raw, verifySchema);
    return c.json(ok(await verifyStudentCode(c.get("market"), code)));
  });

  api.post("/provider/v1/listing/students", async (c) => {
    requireSignedIn(c);
    const { listingId, studentsOnly } = await parseJsonBody(c.req.raw, markSchema);
    return c.json(ok(await markListingForStudents(c.get("market"), listingId, studentsOnly)));
  });
}
