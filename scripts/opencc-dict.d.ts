/** opencc-js's dictionaries (its `./*` export has no types): each is one string, "from to [more]|…". */
declare module "opencc-js/dict/*" {
  const table: string;
  export default table;
}
