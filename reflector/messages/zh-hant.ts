import { taiwanWording } from "./chinese-wording.js";
import type { MessageCatalog } from "./message-catalog.js";
import { chineseCatalog } from "./zh-hans.js";

/**
 * Where Taiwan says a thing otherwise than OpenCC's Taiwan phrasing of the Simplified catalog
 * writes it (Simplified phrase → Taiwan phrase). A new message is written in en.ts and zh-hans.ts;
 * it needs a line here only when its Traditional wording reads wrong.
 */
export const TAIWAN_OVERRIDES: Record<string, string> = {
  超时: "逾時",
  访问频率: "存取頻率",
  响应: "回應",
  不满足校验规则: "不符合驗證規則",
  校验: "驗證",
  凭据: "憑證",
  配置: "設定",
  返回: "回傳",
  回复: "回覆",
  // A table's row is 列 in Taiwan (行 is a column); counted things other than tickets are 筆.
  的行: "的資料列",
  " 行": " 列",
  // …and a column is 欄 (列 is Simplified's column).
  列: "欄",
  行数: "列數",
  个工单: "張工單",
  " 条": " 筆",
  // OpenCC's Taiwan phrases read these as programming terms (型別, 對映, 物件).
  类型: "類型",
  映射: "映射",
  对象: "對象",
  游标: "游標",
  登录: "登入",
  账号: "帳號",
  质量: "品質",
};

let catalog: MessageCatalog | undefined;

/**
 * Traditional Chinese (Taiwan): the Chinese catalog in Taiwan's wording. Made on first use and
 * kept: converting it loads OpenCC's Simplified→Taiwan dictionaries (about 0.3 s of CPU with the
 * garbage they leave), which a run that never answers in Traditional Chinese must not pay for.
 */
export function traditionalChinese(): MessageCatalog {
  catalog ??= chineseCatalog(taiwanWording(TAIWAN_OVERRIDES));
  return catalog;
}
