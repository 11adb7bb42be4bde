// k6 run -e BASE_URL=https://<organization host> load-tests/k6/vote-burst.js   (scenario 'vote-burst' of ../scenarios.js)
import { optionsFor, runFor, setupFor } from './lib.js';

const NAME = 'vote-burst';
export const options = optionsFor(NAME);
export const setup = () => setupFor(NAME);
export default runFor(NAME);
