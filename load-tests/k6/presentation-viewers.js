// k6 run -e BASE_URL=https://<organization host> load-tests/k6/presentation-viewers.js   (scenario 'presentation-viewers' of ../scenarios.js)
import { optionsFor, runFor, setupFor } from './lib.js';

const NAME = 'presentation-viewers';
export const options = optionsFor(NAME);
export const setup = () => setupFor(NAME);
export default runFor(NAME);
