// Observable Framework's project configuration (https://observablehq.com/framework/config).
export default {
  title: "Quality dashboard",
  root: "src",
  // The default theme, as a new project has it: its stylesheet is what the BI reader must cope with.
  theme: "default",
  search: false
};
