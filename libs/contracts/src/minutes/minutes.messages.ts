import { addMessages } from '../i18n/messages';
import { MINUTES_ERRORS, MinutesMessages as M } from './minutes.errors';

addMessages('ar', {
  [MINUTES_ERRORS.MINUTES_NOT_AVAILABLE.message]: 'تتم إدارة المحضر فقط أثناء انعقاد الاجتماع أو بعد أرشفته.',
  [MINUTES_ERRORS.MINUTES_NO_VERSION.message]: 'لم يتم إعداد محضر لهذا الاجتماع بعد.',
  [MINUTES_ERRORS.MINUTES_DOWNLOAD_OFF.message]: 'تنزيل المحضر غير مفعّل لهذا الاجتماع.',
  [MINUTES_ERRORS.MINUTES_BOOK_EMPTY.message]: 'لا يحتوي جدول الأعمال على مرفقات PDF لدمجها.',
  [M.settingOn]: 'تم تفعيل تنزيل المحضر',
  [M.settingOff]: 'تم إيقاف تنزيل المحضر',
  [M.saved]: 'تم حفظ المحضر بنجاح',
  [M.done]: 'جارٍ إعداد المحضر',
  [M.uploaded]: 'تم رفع المحضر بنجاح',
  [M.merging]: 'جارٍ تجهيز ملف الاجتماع',
  [M.merged]: 'ملف الاجتماع جاهز',
  [M.idMismatch]: 'المعرّف لا يطابق الاجتماع.',
  [M.commentFormat]: 'يجب أن يكون التعليق قائمة نصوص.',
  [M.unknownItem]: 'العنصر المحدد ليس في هذا الاجتماع.',
  [M.duplicateItem]: 'العنصر مذكور مرتين.',
  [M.doneOwnerOnly]: 'يمكن لمالك الاجتماع فقط إنهاء المحضر.',
  [M.langInvalid]: 'يجب أن تكون لغة المحضر إحدى: en أو ar أو fr أو ru.',
});

addMessages('ru', {
  [MINUTES_ERRORS.MINUTES_NOT_AVAILABLE.message]: 'Протоколом можно управлять только во время заседания или после его архивации.',
  [MINUTES_ERRORS.MINUTES_NO_VERSION.message]: 'Протокол этого заседания ещё не составлен.',
  [MINUTES_ERRORS.MINUTES_DOWNLOAD_OFF.message]: 'Скачивание протокола для этого заседания выключено.',
  [MINUTES_ERRORS.MINUTES_BOOK_EMPTY.message]: 'В повестке нет вложений PDF для объединения.',
  [M.settingOn]: 'Скачивание протокола включено',
  [M.settingOff]: 'Скачивание протокола выключено',
  [M.saved]: 'Протокол сохранён',
  [M.done]: 'Протокол формируется',
  [M.uploaded]: 'Протокол загружен',
  [M.merging]: 'Папка заседания готовится',
  [M.merged]: 'Папка заседания готова',
  [M.idMismatch]: 'Идентификатор не совпадает с заседанием.',
  [M.commentFormat]: 'Комментарий должен быть списком текстов.',
  [M.unknownItem]: 'Выбранный пункт не относится к этому заседанию.',
  [M.duplicateItem]: 'Пункт указан дважды.',
  [M.doneOwnerOnly]: 'Завершить протокол может только владелец заседания.',
  [M.langInvalid]: 'Язык протокола должен быть одним из: en, ar, fr, ru.',
});

addMessages('ar', {
  [MINUTES_ERRORS.MINUTES_LOCKED.message]: 'المحضر قيد التوقيع أو منشور: ابدأ تصحيحًا لتعديله.',
  [MINUTES_ERRORS.MINUTES_WRONG_STATE.message]: 'المحضر ليس في المرحلة التي يتطلبها هذا الإجراء.',
  [MINUTES_ERRORS.MINUTES_DRAFT_NOT_MADE.message]: 'اضغط "تم" لإعداد ملف PDF لهذه النسخة قبل إرسالها للاعتماد.',
  [MINUTES_ERRORS.MINUTES_SEAL_PENDING.message]: 'لا يزال ختم المحضر الموقّع قيد الإعداد: حاول مرة أخرى بعد لحظات.',
  [M.reviewersRequired]: 'اختر مراجعًا واحدًا على الأقل.',
  [M.noChair]: 'عيّن رئيس الاجتماع أولًا: الرئيس هو من يوقّع المحضر.',
  [M.noSecretary]: 'عيّن أمين سر الاجتماع أولًا: تطلب هذه المؤسسة أن يوقّع أمين السر المحضر بعد الرئيس.',
  [M.notAMember]: 'الشخص المحدد ليس عضوًا في هذا الاجتماع.',
  [M.sentForReview]: 'تم إرسال المحضر للمراجعة',
  [M.reviewCommented]: 'تمت إضافة التعليق',
  [M.sentForApproval]: 'تم إرسال المحضر للاعتماد',
  [M.published]: 'تم نشر المحضر',
  [M.correctionStarted]: 'بدأ تصحيح المحضر',
});

addMessages('ru', {
  [MINUTES_ERRORS.MINUTES_LOCKED.message]: 'Протокол подписывается или опубликован: чтобы изменить его, начните исправление.',
  [MINUTES_ERRORS.MINUTES_WRONG_STATE.message]: 'Протокол не на том этапе, который для этого нужен.',
  [MINUTES_ERRORS.MINUTES_DRAFT_NOT_MADE.message]: 'Нажмите «Готово», чтобы сформировать PDF этой редакции, прежде чем отправлять её на утверждение.',
  [MINUTES_ERRORS.MINUTES_SEAL_PENDING.message]: 'Подписанный протокол ещё запечатывается: повторите через минуту.',
  [M.reviewersRequired]: 'Выберите хотя бы одного рецензента.',
  [M.noChair]: 'Сначала назначьте председателя заседания: протокол подписывает председатель.',
  [M.noSecretary]: 'Сначала назначьте секретаря заседания: в этой организации секретарь подписывает протокол после председателя.',
  [M.notAMember]: 'Выбранный человек не участник этого заседания.',
  [M.sentForReview]: 'Протокол отправлен на рецензию',
  [M.reviewCommented]: 'Комментарий добавлен',
  [M.sentForApproval]: 'Протокол отправлен на утверждение',
  [M.published]: 'Протокол опубликован',
  [M.correctionStarted]: 'Начато исправление протокола',
});
