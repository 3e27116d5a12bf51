export { requireRole, rolesOf, type StaffMember } from "./roles";
