import { RuleTester } from 'eslint';
const rule = require('./no-silent-catch.cjs');

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });

const silent = { messageId: 'silent' };
/** `return` needs a function around it */
const fn = (body: string) => `function g() {\n${body}\n}`;

tester.run('local/no-silent-catch', rule, {
  valid: [
    // handled: logged, rethrown, mapped, state set
    fn('try { f(); } catch (e) { log(e); return null; }'),
    'try { f(); } catch (e) { throw wrap(e); }',
    fn('try { f(); } catch (e) { setError(e); return; }'),
    'p.catch((e) => log(e));',
    'p.catch((e) => { log(e); return false; });',
    'p.catch(onError);',
    // a catch that answers something real
    fn('try { f(); } catch { return defaults; }'),
    'p.catch(() => []);',
    // explained: a comment inside, or on the line above
    fn('try { f(); } catch {\n  // not a URL: no path\n  return null;\n}'),
    'p.catch(() => undefined /* best effort: the object may be gone already */);',
    '// cleanup is best effort: the request already failed\nawait remove(k).catch(() => undefined);',
    'p.then(ok)\n  // courtesy only\n  .catch(() => undefined);',
  ],
  invalid: [
    { code: fn('try { f(); } catch { return null; }'), errors: [silent] },
    { code: fn('try { f(); } catch (e) { return false; }'), errors: [silent] },
    { code: fn('try { f(); } catch { return; }'), errors: [silent] },
    { code: fn('try { f(); } catch { return undefined; }'), errors: [silent] },
    { code: 'try { f(); } catch {}', errors: [silent] },
    { code: 'p.catch(() => null);', errors: [silent] },
    { code: 'p.catch(() => false);', errors: [silent] },
    { code: 'p.catch(() => undefined);', errors: [silent] },
    { code: 'p.catch(() => void 0);', errors: [silent] },
    { code: 'p.catch(() => {});', errors: [silent] },
    { code: 'p.catch(function () { return null; });', errors: [silent] },
    // a comment two lines away from the catch explains nothing
    { code: '// unrelated\nconst x = 1;\np.catch(() => null);', errors: [silent] },
  ],
});
