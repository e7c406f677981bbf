// Stylesheets are imported for vite to bundle.
declare module '*.css';
