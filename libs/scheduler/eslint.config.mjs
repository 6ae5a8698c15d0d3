import baseConfig, { awaitedPromises } from '../../eslint.config.mjs';

export default [...baseConfig, awaitedPromises(import.meta.dirname)];
