/** The console's entry point (served by `cos ui`); the server lands with the pages. */
export {};
