import type { Lang } from '../core/common';
import { interpolate } from '../core/errors';

/**
 * Server messages are English sentences that double as keys. Each domain adds its own table with
 * `addMessages` (one file per feature, never one shared giant file). fr answers with English texts
 * (docs/product/overview.md#formats-and-limits); a message without a translation falls back to English.
 */
type Table = Record<string, string>;
const tables: Record<'ar' | 'ru', Table> = { ar: {}, ru: {} };

export function addMessages(lang: 'ar' | 'ru', table: Table): void {
  Object.assign(tables[lang], table);
}

export function translate(message: string, lang: Lang, params?: Record<string, string | number>): string {
  const base = lang === 'ar' || lang === 'ru' ? tables[lang][message] ?? message : message;
  return interpolate(base, params);
}

addMessages('ar', {
  'Error in validation': 'خطأ في التحقق',
  'Authentication Fail': 'فشل المصادقة',
  'Please login again': 'يرجى تسجيل الدخول مرة أخرى',
  'Not Found': 'غير موجود',
  'Too Many Attempts.': 'محاولات كثيرة جدًا.',
  'Internal Server Error': 'خطأ داخلي في الخادم',
  'Time Out': 'انتهت المهلة',
  'Service Unavailable': 'الخدمة غير متاحة',
  'Something went wrong.': 'حدث خطأ ما.',
  'You are offline.': 'أنت غير متصل بالشبكة.',
  'Invalid Organization URL': 'رابط المنظمة غير صالح',
  'This link has expired.': 'انتهت صلاحية هذا الرابط.',
  'This link has been revoked.': 'تم إلغاء هذا الرابط.',
  'Unsupported Media Type': 'نوع الوسائط غير مدعوم',
  'This field may not contain a NUL character or an unpaired surrogate.': 'لا يجوز أن يحتوي هذا الحقل على محرف NUL أو على بديل غير مقترن.',
  'Credentials must be sent in the request body, not in the address.': 'يجب إرسال بيانات الاعتماد في متن الطلب، لا في العنوان.',
  'This field is required.': 'هذا الحقل مطلوب.',
  'The email must be a valid email address.': 'يجب أن يكون البريد الإلكتروني عنوانًا صالحًا.',
  'This field must be a number.': 'يجب أن يكون هذا الحقل رقمًا.',
  'The selected value is invalid.': 'القيمة المحددة غير صالحة.',
  'This field is invalid.': 'هذا الحقل غير صالح.',
  'This field is not allowed.': 'هذا الحقل غير مسموح به.',
  'This field may not be greater than {max} characters.': 'يجب ألا يتجاوز هذا الحقل {max} حرفًا.',
  'The password must be at least 8 characters.': 'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل.',
  'The password must contain at least one capital letter.': 'يجب أن تحتوي كلمة المرور على حرف كبير واحد على الأقل.',
  'The password must contain at least one special character.': 'يجب أن تحتوي كلمة المرور على رمز خاص واحد على الأقل.',
  'The phone must contain digits only.': 'يجب أن يحتوي الهاتف على أرقام فقط.',
  'The phone may not be greater than 12 digits.': 'يجب ألا يتجاوز الهاتف 12 رقمًا.',
  'The PIN must be 5 digits.': 'يجب أن يتكون الرقم السري من 5 أرقام.',
  'The quorum must be between 5% and 100%.': 'يجب أن يكون النصاب بين 5% و100%.',
  'Mismatched password': 'كلمتا المرور غير متطابقتين',
});
addMessages('ru', {
  'Error in validation': 'Ошибка проверки данных',
  'Authentication Fail': 'Ошибка аутентификации',
  'Please login again': 'Пожалуйста, войдите снова',
  'Not Found': 'Не найдено',
  'Too Many Attempts.': 'Слишком много попыток.',
  'Internal Server Error': 'Внутренняя ошибка сервера',
  'Time Out': 'Время ожидания истекло',
  'Service Unavailable': 'Сервис недоступен',
  'Something went wrong.': 'Что-то пошло не так.',
  'You are offline.': 'Нет подключения к сети.',
  'Invalid Organization URL': 'Неверный адрес организации',
  'This link has expired.': 'Срок действия этой ссылки истёк.',
  'This link has been revoked.': 'Эта ссылка была отозвана.',
  'Unsupported Media Type': 'Неподдерживаемый тип данных',
  'This field may not contain a NUL character or an unpaired surrogate.': 'Это поле не может содержать символ NUL или непарный суррогат.',
  'Credentials must be sent in the request body, not in the address.': 'Учётные данные нужно передавать в теле запроса, а не в адресе.',
  'This field is required.': 'Это поле обязательно.',
  'The email must be a valid email address.': 'Введите действительный адрес электронной почты.',
  'This field must be a number.': 'Это поле должно быть числом.',
  'The selected value is invalid.': 'Выбранное значение недопустимо.',
  'This field is invalid.': 'Это поле недопустимо.',
  'This field is not allowed.': 'Это поле не допускается.',
  'This field may not be greater than {max} characters.': 'Это поле не может быть длиннее {max} символов.',
  'The password must be at least 8 characters.': 'Пароль должен содержать не менее 8 символов.',
  'The password must contain at least one capital letter.': 'Пароль должен содержать хотя бы одну заглавную букву.',
  'The password must contain at least one special character.': 'Пароль должен содержать хотя бы один специальный символ.',
  'The phone must contain digits only.': 'Телефон должен содержать только цифры.',
  'The phone may not be greater than 12 digits.': 'Телефон не может содержать более 12 цифр.',
  'The PIN must be 5 digits.': 'PIN-код должен состоять из 5 цифр.',
  'The quorum must be between 5% and 100%.': 'Кворум должен быть от 5% до 100%.',
  'Mismatched password': 'Пароли не совпадают',
});
