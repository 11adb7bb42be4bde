/**
 * Stop words of the local summarizer (English and Arabic): words that carry no topic and are left out of the
 * scores. Arabic entries are written in the normalized form `normalizeToken` produces (no diacritics, bare alef,
 * ya for alef maqsura, ha for ta marbuta).
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each either else ever every few for from further get gets got had has have having he her here ' +
    'hers herself him himself his how however i if in into is it its itself just let lets like me might more most much must my myself no nor not now ' +
    'of off on once only or other our ours ourselves out over own per please quite rather really said same say says shall she should so some such ' +
    'than that the their theirs them themselves then there these they this those through thus to too under until up upon us very was way we were ' +
    'what when where whether which while who whom whose why will with within without would yes yet you your yours yourself yourselves ok okay ' +
    'um uh yeah going gonna want wanted think thing things well also one two'
  ).split(/\s+/),
);

export const ARABIC_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'في من على الي الى عن مع هذا هذه ذلك تلك هو هي هم هن انا نحن انت انتم كان كانت يكون تكون كانوا ان او ثم لا لم لن ما ماذا ' +
    'متي اين كيف كل بعض غير بين عند عندما حتي قد لقد اذا اذ لكن بل التي الذي الذين اللذين اللتين اللواتي ايضا فقط منذ خلال حول ' +
    'قبل بعد تحت فوق امام وراء دون لدي لدى له لها لهم لنا لك به بها بهم فيه فيها فيهم منه منها منهم عليه عليها عليهم اليه اليها ' +
    'و ف ب ل ك يا اي ايه ذا ها هنا هناك نعم كذلك مثل جدا الان اليوم ليس ليست سوف عليكم هل وهو وهي وقد ولا وما وان وكان'
  ).split(/\s+/),
);
