// Stylesheets are imported for vite to bundle.
declare module '*.css';
// A module imported with `?worker` is bundled by vite as a Web Worker's script.
declare module '*?worker' {
  const WorkerScript: new () => Worker;
  export default WorkerScript;
}
