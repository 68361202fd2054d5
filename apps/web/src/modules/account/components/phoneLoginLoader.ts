/**
 * The SMS views of /login are fetched in two hops: /login's own code only knows this tiny module, and this
 * module knows PhoneLoginForm with the list of the chunks it needs (select, space, the phone and code
 * pieces…). Vite writes that list into the chunk that holds the import; kept here, it stays off the sign-in
 * screen's first load.
 */
export const loadPhoneLoginForm = () => import('./PhoneLoginForm');
