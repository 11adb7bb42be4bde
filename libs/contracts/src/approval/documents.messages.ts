import { addMessages } from '../i18n/messages';
import { DocumentMessages as D } from './documents.http';

addMessages('ar', {
  [D.signatureOnEveryDocument]: 'يحتاج كل مستند إلى توقيع على صفحة واحدة على الأقل.',
  [D.placementOffPage]: 'يجب أن يقع المربع داخل الصفحة.',
  [D.pageMissing]: 'لا توجد هذه الصفحة في المستند.',
  [D.documentNotInApproval]: 'المستند ليس جزءًا من هذه الموافقة.',
  [D.assigneeInvalid]: 'المكلّف المحدد غير صالح.',
  [D.assigneeActed]: 'لقد اتخذ هذا المكلّف إجراءً بالفعل.',
  [D.stampRequired]: 'صورة الختم مطلوبة.',
  [D.idMismatch]: 'المعرّف لا يطابق الموافقة.',
  [D.placementsSaved]: 'تم حفظ المواضع',
});
addMessages('ru', {
  [D.signatureOnEveryDocument]: 'Каждому документу нужна подпись хотя бы на одной странице.',
  [D.placementOffPage]: 'Рамка должна находиться на странице.',
  [D.pageMissing]: 'В документе нет такой страницы.',
  [D.documentNotInApproval]: 'Документ не входит в это согласование.',
  [D.assigneeInvalid]: 'Выбранный участник недействителен.',
  [D.assigneeActed]: 'Этот участник уже принял решение.',
  [D.stampRequired]: 'Требуется изображение печати.',
  [D.idMismatch]: 'Идентификатор не совпадает с согласованием.',
  [D.placementsSaved]: 'Размещение сохранено',
});
