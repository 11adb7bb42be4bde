// k6 run -e BASE_URL=https://<organization host> load-tests/k6/sign-in.js   (scenario 'sign-in' of ../scenarios.js)
import { optionsFor, runFor, setupFor } from './lib.js';

const NAME = 'sign-in';
export const options = optionsFor(NAME);
export const setup = () => setupFor(NAME);
export default runFor(NAME);
