/** The `cityCode` that lifts the location scope (its own module: screens use it without the scope rules). */
export const EVERYWHERE = "ALL";
