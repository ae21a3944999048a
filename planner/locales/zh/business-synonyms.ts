import type { BusinessSynonymWords } from "../business-synonym-classes.js";

/** Chinese words (Simplified) of each everyday business thing. */
export const chineseBusinessSynonyms: BusinessSynonymWords = {
  carrier: ["承运商", "快递", "快递公司", "物流公司", "物流商", "配送商", "货运公司", "运输公司"],
  sending_back: ["退货", "退款", "退回"],
  buying_again: ["复购", "回购", "再次购买", "再买", "回头客"],
  price: ["价格", "定价", "售价", "价钱"],
};
