// Async boundary: Module Federation must initialise the share scope before any shared module
// (react, the kit, ...) is evaluated, so the app itself lives behind a dynamic import.
import('./bootstrap');
