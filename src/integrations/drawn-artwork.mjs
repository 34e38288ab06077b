// @ts-check
/**
 * The artwork the repository draws as placeholders (`npm run artwork`, tools/artwork.mjs), by the SHA-256 of
 * each file as drawn: a production build that still ships one stops and names it, whatever it is called
 * now (src/integrations/placeholder-guard.mjs). Her own photos never match. After `npm run artwork` draws
 * them anew, write each file's `sha256sum` here.
 */

/** Each drawn file's digest, with the file it was drawn as. */
export const DRAWN_ARTWORK = new Map([
  ["a47140be29eb03ba61d9eedea999a07ecdec125426dcf400beeab5da024c2732", "src/assets/hero.jpg"],
  ["512aba0a3b39a6747c9f0a3f8c6287927a756475690c205cddde6bf11a7e91d9", "src/assets/tour.jpg"],
  ["976816d93533ffa77c2b96ec010e82ae5a87fd3d430eb3ff9f5275186c2db4da", "src/assets/mother-cover.jpg"],
  ["7926fa51d35a3d2d65009011e148705fadfbd38b389c83ca09b0330f4d168510", "src/assets/tote-bag.jpg"],
  ["14852073411da4ea469b9e6c1f599e0e2c3a0f8e680ad83a6848d54c26c9e057", "src/assets/tote-bag-detail.jpg"],
  ["9e3dd60c439940c4c6ee6b8ea88ae05127c070d89c238129c9b198735b672dd2", "src/assets/photos/live-1.jpg"],
  ["d5353f532a55afa1a0e43eaa31e8c2ea390df9d69db31f82c17ee91b2f11501a", "src/assets/photos/live-2.jpg"],
  ["2f715da42dffc370dd9bdec6945a836966c59f7327dc2ae596c92dba21a2d002", "src/assets/photos/live-3.jpg"],
  ["9c2eadac8f0adffa8468f0a61e546c91f8a0d5a1c7b01535fe159e16932d9ac8", "src/assets/photos/live-4.jpg"],
  ["8f7e1c5ad1b77601006948fa35e61f83bb499064a608fcccceac8f1d76f0d577", "src/assets/photos/live-5.jpg"],
  ["6f31d7787f3360ebf8af4f02b9cce886a15653135a018b82c6608112fd27904c", "src/assets/photos/live-6.jpg"],
  ["4991d344e754ae529826a24309e3c0a58931f72bcef9342f2ada415a5d3b8701", "src/assets/photos/live-7.jpg"],
  ["0ec490aaec75d3898fa7bbd7fe6569158134a4cfca5ec52bba8c899157826592", "public/og-image.jpg"],
  ["0a2c24139038a6dff1b8488999cd3265c6671ac59d21788c0be12871a19c37e8", "public/og-listen.jpg"],
]);

/** The photographers' names the content starts with, invented for the placeholder photos. */
export const INVENTED_CREDITS = ["Aisling Brennan", "Rory Gallagher", "Niamh Doherty"];
