// Plain JavaScript on purpose: it must run on an older Node, to say clearly why the product will not
// (Node runs the product's TypeScript itself from 22.18 on, decision 031; older ones stop with a
// puzzling "Unknown file extension .ts").
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`Umrah Committee needs Node.js 22.18 or later (24 LTS recommended); this is Node ${process.versions.node}. See the README.`);
  process.exit(1);
}
